import AdivinaApp
print("adivina: starting")
